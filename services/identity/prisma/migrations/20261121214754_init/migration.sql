-- CreateTable
CREATE TABLE "credentials" (
    "id" TEXT NOT NULL,
    "lookup_id" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scopes" TEXT[],
    "audience" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connection_codes" (
    "id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "redeemed_at" TIMESTAMPTZ(3),
    "credential_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connection_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credentials_lookup_id_key" ON "credentials"("lookup_id");

-- CreateIndex
CREATE INDEX "credentials_customer_id_site_id_created_at_idx" ON "credentials"("customer_id", "site_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "connection_codes_code_hash_key" ON "connection_codes"("code_hash");

-- CreateIndex
CREATE INDEX "connection_codes_site_id_idx" ON "connection_codes"("site_id");
