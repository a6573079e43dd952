// Types of bin/node-runtime.js for the tests that import it (test/bin/).
export declare const NODE_MAJOR: number;
export declare function pinnedNode(root?: string): string | null;
export declare function namedDescriptors(args: readonly string[]): number[];
export type RuntimePlan =
  | { action: 'run' }
  | { action: 'refuse'; message: string }
  | { action: 'restart'; node: string; args: string[]; stdio: ('inherit' | 'ignore' | number)[] };
export declare function runtimePlan(version: string, pinned: string | null, script: string, args: readonly string[], execArgv?: readonly string[]): RuntimePlan;
export declare function handOverToNode24(scriptUrl: string | URL): boolean;
