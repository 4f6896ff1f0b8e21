
-- CreateEnum
CREATE TYPE "KeyKind" AS ENUM ('PUBLISHABLE', 'SECRET', 'STAFF');

-- CreateEnum
CREATE TYPE "MessageRole" AS ENUM ('USER', 'ASSISTANT');

-- CreateEnum
CREATE TYPE "TurnStatus" AS ENUM ('RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "Route" AS ENUM ('DIRECT', 'CLARIFY', 'TRIAGE');

-- CreateEnum
CREATE TYPE "Engine" AS ENUM ('MODEL', 'OFFLINE');

-- CreateEnum
CREATE TYPE "Severity" AS ENUM ('SELF_CARE', 'URGENT_PRIMARY_CARE', 'A_AND_E');

-- CreateTable
CREATE TABLE "sites" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "allowed_origins" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "site_id" UUID NOT NULL,
    "kind" "KeyKind" NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "threads" (
    "id" UUID NOT NULL,
    "site_id" UUID NOT NULL,
    "token_hash" TEXT,
    "demographics" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" UUID NOT NULL,
    "thread_id" UUID NOT NULL,
    "role" "MessageRole" NOT NULL,
    "text" TEXT NOT NULL,
    "client_message_id" TEXT,
    "turn_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "turns" (
    "id" UUID NOT NULL,
    "thread_id" UUID NOT NULL,
    "status" "TurnStatus" NOT NULL DEFAULT 'RUNNING',
    "engine" "Engine" NOT NULL,
    "route" "Route",
    "search_query" TEXT,
    "answer_draft" TEXT,
    "reasoning" TEXT,
    "reasoner_output" TEXT,
    "predicted_slug" TEXT,
    "predicted_title" TEXT,
    "predicted_severity" "Severity",
    "sources" JSONB,
    "timings" JSONB,
    "usage" JSONB,
    "trace" JSONB,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "last_seq" INTEGER NOT NULL DEFAULT 0,
    "events" JSONB,
    "error_code" TEXT,
    "error_message" TEXT,
    "error_retryable" BOOLEAN,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "turns_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_site_id_idx" ON "api_keys"("site_id");

-- CreateIndex
CREATE UNIQUE INDEX "threads_token_hash_key" ON "threads"("token_hash");

-- CreateIndex
CREATE INDEX "threads_site_id_updated_at_idx" ON "threads"("site_id", "updated_at" DESC);

-- CreateIndex
CREATE INDEX "threads_updated_at_idx" ON "threads"("updated_at" DESC);

-- CreateIndex
CREATE INDEX "threads_created_at_idx" ON "threads"("created_at");

-- CreateIndex
CREATE INDEX "messages_thread_id_created_at_idx" ON "messages"("thread_id", "created_at");

-- CreateIndex
CREATE INDEX "messages_turn_id_idx" ON "messages"("turn_id");

-- CreateIndex
CREATE UNIQUE INDEX "messages_thread_id_client_message_id_key" ON "messages"("thread_id", "client_message_id");

-- CreateIndex
CREATE INDEX "turns_thread_id_started_at_idx" ON "turns"("thread_id", "started_at");

-- CreateIndex
CREATE INDEX "turns_status_idx" ON "turns"("status");

-- CreateIndex
CREATE INDEX "turns_predicted_severity_idx" ON "turns"("predicted_severity");

-- CreateIndex
CREATE INDEX "turns_route_idx" ON "turns"("route");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "threads" ADD CONSTRAINT "threads_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "turns" ADD CONSTRAINT "turns_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

