/** Readiness of one dependency (database, Chroma, a model server), behind /readyz and `health`. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: string }>;
}

export interface HealthReport {
  ok: boolean;
  checks: { name: string; ok: boolean; detail?: string }[];
}
