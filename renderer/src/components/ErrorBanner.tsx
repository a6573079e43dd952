/** A plain, readable refusal or failure message (role="alert" so screen readers and tests see it). */
export function ErrorBanner(props: { message: string | null; testId?: string }) {
  if (!props.message) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid={props.testId ?? 'error'}>
      {props.message}
    </div>
  );
}
