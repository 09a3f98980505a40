-- How far tombstones were pruned (src/changes.ts): a position before it is refused. Tombstones pruned
-- before this column existed went by time, 35 days after their change: every position numbered on a
-- day at least that old may have missed one.
ALTER TABLE "change_counter" ADD COLUMN "pruned_through" BIGINT NOT NULL DEFAULT 0;

UPDATE "change_counter" SET "pruned_through" = coalesce(
    (SELECT "max_seq" FROM "change_marks" WHERE "day" <= current_date - 35 ORDER BY "day" DESC LIMIT 1), 0)
WHERE "id" = 1;
