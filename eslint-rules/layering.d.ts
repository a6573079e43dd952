/** The layering rule (eslint-rules/layering.js, plain JS for eslint.config.js) as TypeScript sees it. */
import type { Rule } from 'eslint';

declare const layering: Rule.RuleModule;
export default layering;
