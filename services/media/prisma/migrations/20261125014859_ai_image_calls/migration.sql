-- CreateTable
CREATE TABLE "ai_image_calls" (
    "id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_image_calls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_image_calls_created_at_idx" ON "ai_image_calls"("created_at");
