// The baseline of bench/lighthouse.ts: React rendering a heading and a short list, nothing else.
import { createRoot } from 'react-dom/client';

function Shell() {
  return (
    <main>
      <h1>Newest waves</h1>
      <ul>
        {Array.from({ length: 10 }, (_, index) => (
          <li key={index}>Wave {index + 1}</li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Shell />);
