-- One row per (tenant, rollup, block, key, user) of a distinct-user rollup (grain 'b', migration 104), so that a
-- writer merges the days it wrote into a block's rows (INSERT … ON CONFLICT: the day's bit set) instead of
-- recomputing the whole block from its daily rows. A block spans BLOCK_DAYS days: the recomputation read every daily
-- row of the block for each batch, a cost that grew with the tenant's stored events (server/logs/rollups.ts,
-- refreshBlocks). A user may be absent (NULL), and such rows of one key are one row, as their GROUP BY made them.
CREATE UNIQUE INDEX log_rollups_block ON log_rollups (tenant_id, rollup, bucket, key, sub) NULLS NOT DISTINCT WHERE grain = 'b';
