/** A plain page reading "404 Not Found" (docs/product/shell.md "Not found"), for /404 and every unknown path. */
export function NotFoundPage() {
  return (
    <section className="page page--narrow not-found">
      <h1>404 Not Found</h1>
    </section>
  );
}
