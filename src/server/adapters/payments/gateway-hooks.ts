import type { FastifyInstance } from 'fastify';

/** Work the app's reconciler repeats on every instance, every few seconds. */
export interface GatewayTask {
  name: string;
  run(): Promise<unknown>;
}

/**
 * What an implementation may add to the app beyond the provider's calls. The app calls these hooks on
 * every gateway and never asks which implementation it holds: Stripe needs none of them; the
 * simulator brings its own card-form and onboarding routes, lets holds lapse as Stripe does, and
 * finishes delivering its events before the app closes.
 */
export interface GatewayHooks {
  /** HTTP routes of the implementation's own (registered with the app's). */
  registerRoutes?(app: FastifyInstance): Promise<void>;
  /** Tasks for the reconciler. */
  reconcilerTasks?(): GatewayTask[];
  /** Waits until every event reported in the background has been handled. */
  flush?(): Promise<void>;
  /** Called once when the app closes, before the database is. */
  close?(): Promise<void>;
}
