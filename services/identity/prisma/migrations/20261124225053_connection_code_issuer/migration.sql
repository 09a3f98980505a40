-- AlterTable
ALTER TABLE "connection_codes" ADD COLUMN     "issuer_credential_id" TEXT;
