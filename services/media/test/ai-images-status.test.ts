/** The computed AI image status (src/ai/images-status.ts): the operator's setting, the provider, and the window of recent image calls. */
import { describe, expect, it } from 'vitest';
import {
  computeImagesStatus,
  IMAGES_STATUS_REASONS as REASONS,
  RECENT_IMAGE_CALLS,
  RECENT_IMAGE_WINDOW_MS,
  type ImageCall,
  type ImageCallOutcome,
  type OperatorSetting,
} from '../src/ai/images-status.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const operational: OperatorSetting = { status: 'operational', updatedAt: new Date(0) };
/** Calls ending `agoMs` before now, one second apart, the first of `outcomes` the newest. */
const calls = (outcomes: ImageCallOutcome[], agoMs = 0): ImageCall[] =>
  outcomes.map((outcome, i) => ({ outcome, createdAt: new Date(now.getTime() - agoMs - i * 1000) }));
const times = (n: number, outcome: ImageCallOutcome): ImageCallOutcome[] => Array.from({ length: n }, () => outcome);
const compute = (recent: ImageCall[], operator = operational, providerConfigured = true) => computeImagesStatus({ operator, providerConfigured, recent, now });

describe('the computed AI image status', () => {
  it('is operational with no recent call, and says so', () => {
    expect(compute([])).toEqual({ status: 'operational', reason: REASONS.idle, updatedAt: new Date(0), checkedAt: now });
    expect(REASONS.idle).toBe('No image generation in the last 15 minutes.');
  });

  it('is degraded once most recent calls failed transiently, operational at half or less', () => {
    expect(compute(calls(['transient']))).toMatchObject({ status: 'degraded', reason: REASONS.failing });
    expect(compute(calls([...times(6, 'transient'), ...times(4, 'success')]))).toMatchObject({ status: 'degraded' });
    expect(compute(calls([...times(5, 'transient'), ...times(5, 'success')]))).toMatchObject({ status: 'operational', reason: REASONS.working });
    expect(compute(calls(['success', 'transient']))).toMatchObject({ status: 'operational' });
  });

  it('does not count a permanent refusal as a failure of the platform', () => {
    expect(compute(calls(times(10, 'permanent')))).toMatchObject({ status: 'operational' });
    expect(compute(calls([...times(4, 'transient'), ...times(6, 'permanent')]))).toMatchObject({ status: 'operational' });
  });

  it(`reads only the newest ${RECENT_IMAGE_CALLS} calls`, () => {
    const failingBefore = calls([...times(RECENT_IMAGE_CALLS, 'success'), ...times(RECENT_IMAGE_CALLS, 'transient')]);
    expect(compute(failingBefore)).toMatchObject({ status: 'operational' });
    // Any order in, newest first counted.
    expect(compute([...failingBefore].reverse())).toMatchObject({ status: 'operational' });
    expect(compute(calls([...times(RECENT_IMAGE_CALLS, 'transient'), ...times(RECENT_IMAGE_CALLS, 'success')]))).toMatchObject({ status: 'degraded' });
  });

  it('forgets calls older than the window', () => {
    const old = calls(times(10, 'transient'), RECENT_IMAGE_WINDOW_MS - 9_000);
    expect(compute(old)).toMatchObject({ status: 'degraded' });
    // One more second: the newest of them is exactly the window old, and out.
    expect(compute(calls(times(10, 'transient'), RECENT_IMAGE_WINDOW_MS))).toMatchObject({ status: 'operational', reason: REASONS.idle });
    expect(compute([...calls(['success']), ...calls(times(10, 'transient'), RECENT_IMAGE_WINDOW_MS + 1)])).toMatchObject({
      status: 'operational',
      reason: REASONS.working,
    });
  });

  it('recovers as successes come back: operational once most of the last calls succeed', () => {
    let recent = calls(times(RECENT_IMAGE_CALLS, 'transient'), 60_000);
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      recent = [{ outcome: 'success', createdAt: new Date(now.getTime() - 50_000 + i * 1000) }, ...recent];
      statuses.push(compute(recent).status);
    }
    // 1..4 successes of the last 10: still mostly failing; 5 of 10 is no longer most.
    expect(statuses).toEqual(['degraded', 'degraded', 'degraded', 'degraded', 'operational', 'operational']);
  });

  it("shows the operator's pause and degraded over the computed value, with the operator's time", () => {
    const set = new Date('2026-11-25T11:00:00.000Z');
    const allGood = calls(times(10, 'success'));
    expect(compute(allGood, { status: 'paused', updatedAt: set })).toEqual({
      status: 'paused',
      reason: REASONS.pausedByOperator,
      updatedAt: set,
      checkedAt: now,
    });
    expect(compute(allGood, { status: 'degraded', updatedAt: set })).toMatchObject({ status: 'degraded', reason: REASONS.degradedByOperator, updatedAt: set });
    expect(compute(calls(times(10, 'transient')), { status: 'operational', updatedAt: set })).toMatchObject({ status: 'degraded', reason: REASONS.failing });
  });

  it('is paused without a provider, whatever else', () => {
    for (const status of ['operational', 'degraded', 'paused'] as const)
      expect(compute(calls(times(10, 'success')), { status, updatedAt: now }, false)).toMatchObject({ status: 'paused', reason: REASONS.noProvider });
  });

  it('gives short fixed reasons', () => {
    for (const reason of Object.values(REASONS)) expect(reason).toMatch(/^[A-Z][^\n]{10,80}\.$/);
  });
});
