/** A titled status card with its loading / error state and a refresh button. */
import type { ComponentChildren } from "preact";

export function Panel({
  title,
  error,
  onRefresh,
  children,
}: {
  title: string;
  error?: string | undefined;
  onRefresh?: () => void;
  children: ComponentChildren;
}) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section class="panel" aria-labelledby={id}>
      <header>
        <h3 id={id}>{title}</h3>
        {onRefresh && (
          <button type="button" class="link-button" onClick={onRefresh} aria-label={`Refresh ${title}`}>
            Refresh
          </button>
        )}
      </header>
      {error && (
        <p class="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {children}
    </section>
  );
}
