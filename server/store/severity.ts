import type { Severity as DbSeverity } from '../generated/prisma/enums.js';
import type { Severity } from '../contract/events.js';

const TO_DB: Record<Severity, DbSeverity> = {
  'Self-care': 'SELF_CARE',
  'Urgent Primary Care': 'URGENT_PRIMARY_CARE',
  'A&E': 'A_AND_E',
};
const FROM_DB = Object.fromEntries(Object.entries(TO_DB).map(([k, v]) => [v, k])) as Record<DbSeverity, Severity>;

export const severityToDb = (s: Severity): DbSeverity => TO_DB[s];
export const severityFromDb = (s: DbSeverity): Severity => FROM_DB[s];
