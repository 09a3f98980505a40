-- AlterTable
ALTER TABLE "sites" ADD COLUMN     "plan_version" INTEGER;
