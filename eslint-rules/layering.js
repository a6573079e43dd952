// Keeps Guichet's layers pointing one way: games ← node ← db ← main ← hosts, with native reached through
// interfaces that main defines and the renderer seeing only common/ (the typed API in common/api/) and the pure games.
import path from 'node:path';
import { builtinModules } from 'node:module';

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Which project folders each layer may import, and whether it may use packages and Node's builtins. */
const LAYERS = [
  // Most specific first: a file takes the first layer whose prefix it starts with.
  { prefix: 'games/', may: ['games/'], packages: ['n2words'], builtins: false },
  // Pure modules both sides share: the sync protocol's schemas, the keyboard-wedge decoder, and
  // common/api/, the typed contract between the renderer and the terminal (types and schemas only).
  { prefix: 'common/', may: ['games/', 'common/'], packages: ['zod', 'commander'], builtins: false },
  // Ticket pictures, drawn for the lottery's proofs and the validation screen alike.
  { prefix: 'render/', may: ['games/', 'render/'], packages: true, builtins: false },
  // What both the terminal and central need of Node (node:crypto, files): the outcome-file format, the
  // update metadata (TUF), the journal entry's hash, the enrolment code's keys and MAC, request digests.
  { prefix: 'node/', may: ['games/', 'common/', 'node/'], packages: true, builtins: true },
  // The terminal's SQLite: its schema and its statements.
  { prefix: 'db/', may: ['games/', 'common/', 'node/', 'db/'], packages: true, builtins: true },
  { prefix: 'native/', may: ['native/', 'common/', 'node/', 'main/devices/'], packages: true, builtins: true },
  // The lottery side: never the terminal's SQLite, services or hosts.
  { prefix: 'central/', may: ['games/', 'common/', 'render/', 'node/', 'central/'], packages: true, builtins: true },
  // Hosts wire the application, its services and the devices together.
  { prefix: 'main/hosts/', may: ['games/', 'common/', 'render/', 'node/', 'db/', 'main/', 'native/'], packages: true, builtins: true },
  // The application (dispatcher and handlers) translates API calls into service calls.
  { prefix: 'main/app/', may: ['games/', 'common/', 'render/', 'main/app/', 'main/kernel/', 'main/services/', 'main/devices/'], packages: true, builtins: true },
  // The kernel: the terminal handle, its transaction, errors, clock, data folder and file modes, the
  // settings as read, the journal's append and record, the outbox's enqueue. Never a service.
  { prefix: 'main/kernel/', may: ['games/', 'common/', 'node/', 'db/', 'main/kernel/'], packages: true, builtins: true },
  // Device interfaces: what the services need of printers, scanners and drawers.
  { prefix: 'main/devices/', may: ['games/', 'common/', 'main/devices/'], packages: true, builtins: true },
  // Services: the terminal's rules, over its database.
  { prefix: 'main/services/', may: ['games/', 'common/', 'render/', 'node/', 'db/', 'main/kernel/', 'main/services/', 'main/devices/'], packages: true, builtins: true },
  { prefix: 'renderer/', may: ['games/', 'common/', 'renderer/'], packages: true, builtins: false },
  // The back-office console (#22), served by central: only common/ and itself, never central/ or main/.
  { prefix: 'console/', may: ['common/', 'console/'], packages: true, builtins: false },
];

export default {
  meta: {
    type: 'problem',
    docs: { description: 'enforce the dependency direction between Guichet layers' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      folder: "'{{from}}' may not import from '{{to}}' (allowed: {{allowed}}).",
      packages: "'{{from}}' must stay free of packages and I/O: '{{spec}}' is not allowed here.",
      builtins: "'{{from}}' may not use Node's built-in module '{{spec}}'.",
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const layer = LAYERS.find((l) => file.startsWith(l.prefix));
    if (!layer) return {};

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = path
          .relative(root, path.resolve(path.dirname(context.filename), spec))
          .split(path.sep)
          .join('/');
        if (!layer.may.some((p) => target.startsWith(p))) {
          context.report({ node, messageId: 'folder', data: { from: layer.prefix, to: target, allowed: layer.may.join(', ') } });
        }
        return;
      }
      if (builtins.has(spec) || builtins.has(spec.split('/')[0])) {
        if (!layer.builtins) context.report({ node, messageId: 'builtins', data: { from: layer.prefix, spec } });
        return;
      }
      // A layer lists the pure packages it may use, or takes any (true), or none (false).
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      const allowed = layer.packages === true || (Array.isArray(layer.packages) && layer.packages.includes(pkg));
      if (!allowed) context.report({ node, messageId: 'packages', data: { from: layer.prefix, spec } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
