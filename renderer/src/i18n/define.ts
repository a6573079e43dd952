/** An area's texts, French first: the French dictionary defines the keys, and English must have exactly the same ones (checked at compile time). */
export interface AreaTexts<F extends Readonly<Record<string, string>>> {
  readonly fr: F;
  readonly en: { readonly [K in keyof F]: string };
}

export function defineTexts<F extends Readonly<Record<string, string>>>(texts: { readonly fr: F; readonly en: NoInfer<{ readonly [K in keyof F]: string }> }): AreaTexts<F> {
  return texts;
}
