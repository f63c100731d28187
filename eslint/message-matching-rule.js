// `architecture/no-message-matching`: the web decides by an API error's `code`, never by its message
// text, which is said to a person and may be reworded at any time. See docs/decisions/216.

/** String methods that test text. */
const TEXT_TESTS = new Set([
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
  'match',
  'matchAll',
  'search',
  'localeCompare',
]);

/** String methods that only change the case or the spaces of a text: what they answer is the same text. */
const SAME_TEXT = new Set([
  'toLowerCase',
  'toUpperCase',
  'toLocaleLowerCase',
  'toLocaleUpperCase',
  'trim',
  'trimStart',
  'trimEnd',
  'normalize',
]);

const propertyName = (member) =>
  member.computed
    ? member.property.type === 'Literal'
      ? member.property.value
      : null
    : member.property.name;

/** Whether `node` reads a message: `error.message`, `error?.message`, `message`, or one of those case-folded. */
function isMessage(node) {
  switch (node?.type) {
    case 'ChainExpression':
    case 'TSNonNullExpression':
    case 'TSAsExpression':
      return isMessage(node.expression);
    case 'MemberExpression':
      return propertyName(node) === 'message';
    case 'Identifier':
      return node.name === 'message';
    case 'CallExpression':
      return (
        node.callee.type === 'MemberExpression' &&
        SAME_TEXT.has(propertyName(node.callee)) &&
        isMessage(node.callee.object)
      );
    default:
      return false;
  }
}

/** `null` or `undefined`: asking whether there is a message is not reading it. */
const isNullish = (node) =>
  (node.type === 'Literal' && node.value === null) ||
  (node.type === 'Identifier' && node.name === 'undefined');

const EQUALITY = new Set(['===', '!==', '==', '!=']);

export const noMessageMatching = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Decide by an API error's `code`, never by comparing its message text (which is said to a person and may be reworded).",
    },
    schema: [],
    messages: {
      matching:
        "Decide by the error's `code` (ApiError.code, hasErrorCode in src/web/lib/api-client.ts), not by its message: a message is said to a person and may be reworded (docs/decisions/216).",
    },
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'matching' });
    return {
      BinaryExpression(node) {
        if (!EQUALITY.has(node.operator)) return;
        if (
          (isMessage(node.left) && !isNullish(node.right)) ||
          (isMessage(node.right) && !isNullish(node.left))
        )
          report(node);
      },
      SwitchStatement(node) {
        if (isMessage(node.discriminant)) report(node.discriminant);
      },
      CallExpression(node) {
        const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
        if (callee.type !== 'MemberExpression') return;
        const method = propertyName(callee);
        // error.message.startsWith('…'), message.toLowerCase().includes('…')
        if (TEXT_TESTS.has(method) && isMessage(callee.object)) return report(node);
        // /…/.test(error.message), /…/.exec(error.message)
        if ((method === 'test' || method === 'exec') && isMessage(node.arguments[0])) return report(node);
        // ['…', '…'].includes(error.message)
        if (
          (method === 'includes' || method === 'indexOf') &&
          callee.object.type === 'ArrayExpression' &&
          isMessage(node.arguments[0])
        )
          report(node);
      },
    };
  },
};
