-- AlterTable
ALTER TABLE "sites" ADD COLUMN     "persisted_operations_only" BOOLEAN NOT NULL DEFAULT false;
