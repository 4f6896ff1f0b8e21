-- AlterTable
ALTER TABLE "turns" ADD COLUMN     "advice" JSONB;
