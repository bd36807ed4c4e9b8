/**
 * The product name gliding across (docs/product/limits.md "Player"): still for 5 s, moving for 25 s, and
 * still for anyone who asked the system for reduced motion (the CSS does that).
 */
export function Marquee({ text }: { text: string }) {
  return (
    <div className="marquee" aria-hidden="true">
      <span className="marquee__text">{text}</span>
    </div>
  );
}
