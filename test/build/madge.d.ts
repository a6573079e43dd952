/** The part of madge's API (v8, no types of its own) that test/build/import-circles.test.ts uses. */
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
    detectiveOptions?: Record<string, Record<string, unknown>>;
  }
  interface MadgeResult {
    obj(): Record<string, string[]>;
    circular(): string[][];
    warnings(): { skipped: string[] };
  }
  function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
  export default madge;
}
