import sprite from "./sprite.svg?no-inline";
import type { IconName } from "./names";

export type { IconName } from "./names";

/**
 * A decorative icon from the site's sprite. Sized by font-size (1em) and coloured by
 * currentColor, like the icon font it replaces; hidden from assistive technology, so the
 * control that holds it must carry its own accessible name.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
