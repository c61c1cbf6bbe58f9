/**
 * The plan's timings, one place for all: when a later visit is charged, how long a declined one
 * keeps its place. Defaults are the business's; the operator may set them in the environment.
 */
export interface PlanSettings {
  /** A later visit is charged this many hours before its window starts (PLAN_CHARGE_LEAD_HOURS, default 48). */
  chargeLeadHours: number
  /**
   * A declined visit keeps its place for a new card until this many hours before its window
   * (PLAN_DECLINE_RELEASE_HOURS, default 24: the crews plan the day before); then it is released.
   */
  declineReleaseHours: number
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = {chargeLeadHours: 48, declineReleaseHours: 24}

function hours(value: string | undefined, fallback: number): number {
  const parsed = Number(value?.trim())
  return value?.trim() && Number.isFinite(parsed) && parsed >= 0 && parsed <= 24 * 14 ? parsed : fallback
}

export function planSettingsFromEnv(env: Record<string, string | undefined> = process.env): PlanSettings {
  const chargeLeadHours = hours(env.PLAN_CHARGE_LEAD_HOURS, DEFAULT_PLAN_SETTINGS.chargeLeadHours)
  // The release comes after the charge, never before it.
  const declineReleaseHours = Math.min(hours(env.PLAN_DECLINE_RELEASE_HOURS, DEFAULT_PLAN_SETTINGS.declineReleaseHours), chargeLeadHours)
  return {chargeLeadHours, declineReleaseHours}
}
