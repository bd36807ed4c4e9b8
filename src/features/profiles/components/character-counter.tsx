/** "12 / 50", red when over the limit; announced politely while typing. */
export function CharacterCounter({ length, max }: { length: number; max: number }) {
  return (
    <span
      className={`profiles-counter${length > max ? ' profiles-counter--over' : ''}`}
      aria-live="polite"
    >
      {length} / {max}
    </span>
  );
}
