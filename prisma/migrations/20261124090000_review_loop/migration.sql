-- CreateEnum
CREATE TYPE "FeedbackRating" AS ENUM ('HELPFUL', 'NOT_HELPFUL');

-- CreateEnum
CREATE TYPE "ReviewVerdict" AS ENUM ('CORRECT', 'UNDER_TRIAGED', 'OVER_TRIAGED', 'WRONG_CONDITION', 'UNSAFE_ANSWER');

-- CreateTable
CREATE TABLE "feedback" (
    "id" UUID NOT NULL,
    "turn_id" UUID NOT NULL,
    "rating" "FeedbackRating" NOT NULL,
    "comment" TEXT,
    "author_kind" TEXT NOT NULL,
    "author_key_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "feedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" UUID NOT NULL,
    "turn_id" UUID NOT NULL,
    "verdict" "ReviewVerdict" NOT NULL,
    "condition" TEXT,
    "severity" "Severity" NOT NULL,
    "note" TEXT,
    "reviewer_key_id" UUID NOT NULL,
    "reviewer_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "site_id" UUID,
    "actor_kind" TEXT NOT NULL,
    "actor_key_id" UUID,
    "action" TEXT NOT NULL,
    "thread_id" UUID,
    "turn_id" UUID,
    "ip" TEXT,
    "origin" TEXT,
    "detail" JSONB,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "feedback_turn_id_key" ON "feedback"("turn_id");

-- CreateIndex
CREATE INDEX "feedback_updated_at_idx" ON "feedback"("updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "reviews_turn_id_key" ON "reviews"("turn_id");

-- CreateIndex
CREATE INDEX "reviews_updated_at_idx" ON "reviews"("updated_at");

-- CreateIndex
CREATE INDEX "audit_log_site_id_at_idx" ON "audit_log"("site_id", "at" DESC);

-- CreateIndex
CREATE INDEX "audit_log_thread_id_idx" ON "audit_log"("thread_id");

-- CreateIndex
CREATE INDEX "audit_log_at_idx" ON "audit_log"("at");

-- AddForeignKey
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The audit log is append-only: rows cannot be changed, and deleted only by the retention purge,
-- which sets triage.audit_purge for its own transaction (server/store/audit.ts). Not expressible in
-- schema.prisma, so it lives here only.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND current_setting('triage.audit_purge', true) = 'on' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
    FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
    FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
