import { createElement, lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a component its module exports by name (every page module does): `load` is the
 * literal `import()` of the module, so the bundler still gives it a chunk of its own.
 */
export function lazyNamed<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** A lazily loaded page component that can also be loaded ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * Like `React.lazy`, but once `preload()` has finished the page renders at once instead of suspending
 * for a tick: the server renders the page's HTML with it (decision 108), and the browser hydrates that HTML
 * with the same page instead of a spinner.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed download may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  Page.preload = preload;
  return Page;
}
