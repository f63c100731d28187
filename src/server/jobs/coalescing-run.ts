/**
 * Work that runs one at a time however often it is asked for: a request while a run is under way asks
 * for one more run after it, and any number of requests in the meantime make that one run. A request
 * answers with the run under way, which ends once it has run after the last request.
 */
export class CoalescingRun {
  private current: Promise<void> | undefined;
  private again = false;

  constructor(private readonly work: () => Promise<void>) {}

  /** The run under way, if any (to wait for it when stopping). */
  get running(): Promise<void> | undefined {
    return this.current;
  }

  request(): Promise<void> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      do {
        this.again = false;
        await this.work();
      } while (this.again);
    })().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }
}
