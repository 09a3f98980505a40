-- AlterTable
ALTER TABLE "site_plan_sync" ADD COLUMN     "claimed_until" TIMESTAMPTZ(3);
