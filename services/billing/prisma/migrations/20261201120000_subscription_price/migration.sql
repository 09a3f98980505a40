-- AlterTable
ALTER TABLE "billing_subscriptions" ADD COLUMN     "price_ref" TEXT;
