-- AlterTable
ALTER TABLE "threads" ADD COLUMN     "visitor_user_id" TEXT;

-- CreateTable
CREATE TABLE "visitor_secrets" (
    "id" UUID NOT NULL,
    "site_id" UUID NOT NULL,
    "secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retired_at" TIMESTAMPTZ(3),

    CONSTRAINT "visitor_secrets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "visitor_sessions" (
    "id" UUID NOT NULL,
    "site_id" UUID NOT NULL,
    "secret_id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "visitor_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "threads_site_id_visitor_user_id_updated_at_idx" ON "threads"("site_id", "visitor_user_id", "updated_at" DESC);

-- CreateIndex
CREATE INDEX "visitor_secrets_site_id_idx" ON "visitor_secrets"("site_id");

-- CreateIndex
CREATE UNIQUE INDEX "visitor_sessions_token_hash_key" ON "visitor_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "visitor_sessions_secret_id_idx" ON "visitor_sessions"("secret_id");

-- CreateIndex
CREATE INDEX "visitor_sessions_expires_at_idx" ON "visitor_sessions"("expires_at");

-- AddForeignKey
ALTER TABLE "visitor_secrets" ADD CONSTRAINT "visitor_secrets_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visitor_sessions" ADD CONSTRAINT "visitor_sessions_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visitor_sessions" ADD CONSTRAINT "visitor_sessions_secret_id_fkey" FOREIGN KEY ("secret_id") REFERENCES "visitor_secrets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
