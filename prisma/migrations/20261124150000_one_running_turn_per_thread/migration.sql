-- A thread runs one turn at a time. sendMessage used to lock the thread row and look for a running
-- turn; this index says it instead, so a send is one statement. Prisma's schema cannot express a
-- partial index: test/store/drift.test.ts lists it as the one index kept in SQL only.

-- Two running turns on one thread could only be left by a crash in the old code: keep the newest.
UPDATE "turns" AS t
SET "status" = 'FAILED', "error_code" = 'INTERRUPTED', "error_retryable" = true, "ended_at" = CURRENT_TIMESTAMP,
    "error_message" = 'The service stopped while this answer was being written. Please send your message again.'
WHERE t."status" = 'RUNNING' AND EXISTS (
  SELECT 1 FROM "turns" AS o
  WHERE o."thread_id" = t."thread_id" AND o."status" = 'RUNNING' AND (o."started_at", o."id") > (t."started_at", t."id")
);

-- CreateIndex
CREATE UNIQUE INDEX "turns_one_running_per_thread" ON "turns"("thread_id") WHERE "status" = 'RUNNING';
