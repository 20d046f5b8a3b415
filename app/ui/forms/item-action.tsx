import { Button } from "~/ui/button";

/**
 * What a post about one item of a list sends (remove this photo, revoke that invitation): the
 * page action's intent, the item's id under its field name, and a small button saying the action.
 * The caller's form says where it posts.
 */
export function ItemActionFields({
  intent,
  name,
  value,
  label,
  ariaLabel,
}: {
  intent: string;
  name: string;
  value: string | number;
  label: string;
  /** The button's name for a screen reader, where its words alone do not say which item. */
  ariaLabel?: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" variant="secondary" size="sm" aria-label={ariaLabel}>
        {label}
      </Button>
    </>
  );
}
