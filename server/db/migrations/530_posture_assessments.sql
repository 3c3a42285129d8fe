-- Browser posture assessments: a configuration policy checked against a benchmark policy, with the results and their
-- review statuses. One row per policy and benchmark; deleting the policy deletes its assessments.
CREATE TABLE bpm_assessments (
  tenant_id text NOT NULL,
  policy_id text NOT NULL,
  benchmark_id text NOT NULL,
  results jsonb NOT NULL,
  assessed_at timestamptz(3) NOT NULL,
  assessed_by text NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, policy_id, benchmark_id),
  FOREIGN KEY (tenant_id, policy_id) REFERENCES bpm_config_policies (tenant_id, id) ON DELETE CASCADE
);
