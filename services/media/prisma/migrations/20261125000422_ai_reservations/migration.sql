-- CreateTable
CREATE TABLE "ai_reservations" (
    "id" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "units" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "settled_units" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "ai_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_budget_locks" (
    "site_id" TEXT NOT NULL,

    CONSTRAINT "ai_budget_locks_pkey" PRIMARY KEY ("site_id")
);

-- CreateIndex
CREATE INDEX "ai_reservations_site_id_state_created_at_idx" ON "ai_reservations"("site_id", "state", "created_at");
