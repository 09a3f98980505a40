// Preloaded into a deployable (NODE_OPTIONS=--import) to run its clock CFS_TEST_CLOCK_OFFSET_MS off
// the machine's (negative: behind), as a host with a drifting clock would: Date.now() and new Date()
// both shift; timers do not, as they run on the monotonic clock.
const offset = Number(process.env.CFS_TEST_CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;
const now = () => RealDate.now() + offset;
class OffsetDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }
  static now() {
    return now();
  }
}
globalThis.Date = OffsetDate;
