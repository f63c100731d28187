// Layer rules for this repository, checked on the path an import resolves to (not on how it is
// spelled), so they hold for relative imports and for aliases alike. See docs/decisions/070.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { noMessageMatching } from './message-matching-rule.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE_BUILTINS = new Set(builtinModules);

/** Root-relative, forward-slashed path of a file ("src/web/features/chat/x.tsx"). */
function fromRoot(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/**
 * Where a specifier points: { local: 'src/…' } for a file of this repository, { pkg: 'name' } for a
 * package. `aliases` maps a specifier prefix to a root-relative folder, e.g. { '#core/': 'src/core/' }.
 */
function resolveTarget(specifier, importer, aliases) {
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    return { local: fromRoot(path.resolve(path.dirname(importer), specifier)) };
  }
  for (const [prefix, folder] of Object.entries(aliases)) {
    if (specifier.startsWith(prefix)) return { local: folder + specifier.slice(prefix.length) };
  }
  return { pkg: specifier };
}

const webFeature = (file) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
const serverArea = (file) => /^src\/server\/([^/]+)\//.exec(file)?.[1] ?? null;
const within = (file, folder) => file === folder || file.startsWith(folder + '/');
/** A route file: `x.routes.ts`, or an adapter's own `x-routes.ts`. */
const isRouteFile = (file) => /[.-]routes(\.ts)?$/.test(file);

/** What src/server/engine may reach besides src/core: storage, the outbox and the shared domain error. */
const ENGINE_MAY_IMPORT = ['engine', 'db', 'outbox'];

/** The reason an import from `importer` to `target` breaks the layout, or null. */
export function layerViolation(importer, target) {
  if (within(importer, 'src/core')) {
    if (target.local && (within(target.local, 'src/server') || within(target.local, 'src/web'))) {
      return 'src/core is the pure domain: it imports nothing from src/server or src/web.';
    }
    if (target.pkg && (target.pkg.startsWith('node:') || NODE_BUILTINS.has(target.pkg.split('/')[0]))) {
      return 'src/core is the pure domain: no Node built-ins (no I/O).';
    }
    return null;
  }
  if (within(importer, 'src/web')) {
    if (target.local && within(target.local, 'src/server')) {
      return 'src/web never imports src/server, not even types: share through src/core (the contract).';
    }
    const from = webFeature(importer);
    const to = target.local ? webFeature(target.local) : null;
    if (from && to && from !== to) {
      return `Feature "${from}" may not import feature "${to}": lift the shared part into src/web/lib or src/web/components, or let src/web/app or a page compose the two.`;
    }
    return null;
  }
  if (within(importer, 'src/server')) {
    if (target.local && within(target.local, 'src/web')) {
      return 'src/server never imports src/web.';
    }
    const from = serverArea(importer);
    const to = target.local ? serverArea(target.local) : null;
    if (
      target.local &&
      /\.routes(\.ts)?$/.test(target.local) &&
      from !== to &&
      importer !== 'src/server/app.ts'
    ) {
      return 'Route files are entry points mounted by src/server/app.ts only: import the use case, not another feature’s routes.';
    }
    if ((from === 'orders' && to === 'events') || (from === 'events' && to === 'orders')) {
      return 'Orders and events meet only in src/server/engine (every status change) and in folders that compose both (src/server/event-orders): neither imports the other (docs/decisions/204).';
    }
    if (from === 'engine' && to && !ENGINE_MAY_IMPORT.includes(to)) {
      return `The engine carries out the plans of src/core and knows no feature ("${to}"): pass what it needs in (docs/decisions/204).`;
    }
    if (from === 'adapters' && to && !['adapters', 'db', 'http'].includes(to) && importer !== target.local) {
      return 'Adapters speak to the outside world and know no feature: pass what they need in.';
    }
    if (target.local === 'src/server/http/errors' && from !== 'http' && !isRouteFile(importer)) {
      return 'A use case speaks the domain, not HTTP: throw a DomainError with its code (src/server/domain-error.ts); only routes and src/server/http choose statuses (docs/decisions/192).';
    }
    if (
      isRouteFile(importer) &&
      (within(target.local ?? '', 'src/server/db/schema') || /^drizzle-orm(\/|$)/.test(target.pkg ?? ''))
    ) {
      return 'A route parses, checks who may act, calls a use case and answers: its queries live in the feature’s query module (`<feature>-queries.ts`), never in the route file (docs/decisions/192).';
    }
  }
  return null;
}

function importSources(context, check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps core pure, web apart from server, and features apart from each other.' },
    schema: [
      {
        type: 'object',
        properties: { aliases: { type: 'object', additionalProperties: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: { layer: '{{reason}}' },
  },
  create(context) {
    const aliases = context.options[0]?.aliases ?? {};
    const importer = fromRoot(context.filename);
    return importSources(context, (node, specifier) => {
      const reason = layerViolation(importer, resolveTarget(specifier, context.filename, aliases));
      if (reason) context.report({ node: node.source, messageId: 'layer', data: { reason } });
    });
  },
};

const noDeepRelative = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Imports that climb more than `max` folders use an alias instead.' },
    schema: [
      {
        type: 'object',
        properties: { max: { type: 'integer', minimum: 0 } },
        additionalProperties: false,
      },
    ],
    messages: { deep: 'This import climbs {{count}} folders: use the alias for its layer instead.' },
  },
  create(context) {
    const max = context.options[0]?.max ?? 2;
    return importSources(context, (node, specifier) => {
      const count = specifier.split('/').filter((part) => part === '..').length;
      if (count > max)
        context.report({ node: node.source, messageId: 'deep', data: { count: String(count) } });
    });
  },
};

export default {
  meta: { name: 'architecture' },
  rules: { layers, 'no-deep-relative': noDeepRelative, 'no-message-matching': noMessageMatching },
};
