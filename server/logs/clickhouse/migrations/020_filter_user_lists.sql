-- The rows per filter value of past days and hours (017, 018) keep the distinct users of a row as a list of them
-- (`user_list`), where they kept a uniqExact state (`users`, left empty by builds from now on). A distinct-user report
-- given such a filter merged one state per day, key and value: 18.16 spends most of such a read building each state's
-- hash table from its bytes, where a list is read as it is stored and counted once (docs/benchmarks.md, 2026-12-07,
-- "distinct users per filter value as lists"). Builds made before hold no lists: their `fields` differ
-- (filterDays.ts), so they are read for no report, and the next passes build their days anew.
ALTER TABLE {db}.log_filter_days_local ADD COLUMN user_list Array(String);
ALTER TABLE {db}.log_filter_days ADD COLUMN user_list Array(String);
ALTER TABLE {db}.log_filter_hours_local ADD COLUMN user_list Array(String);
ALTER TABLE {db}.log_filter_hours ADD COLUMN user_list Array(String);
