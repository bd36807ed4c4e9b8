// The baseline of bench/lighthouse.ts: React fetching the same first page of the newest list as
// /newest (from the same server, through the bench's proxy) and rendering its titles, nothing
// else: the least a page that shows this list can do.
import { createRoot } from 'react-dom/client';

interface Wave {
  wave_name: string;
  title: string;
  duration: number;
}

function Shell({ waves }: { waves: Wave[] }) {
  return (
    <main>
      <h1>Newest waves</h1>
      <ol>
        {waves.map((wave) => (
          <li key={wave.wave_name}>
            ({Math.round(wave.duration)} s) {wave.title}
          </li>
        ))}
      </ol>
    </main>
  );
}

const root = createRoot(document.getElementById('root')!);
void fetch('/api/v1/wave/wavelistpublicnewest/en?limit=30')
  .then((reply) => reply.json() as Promise<{ data: Wave[] }>)
  .then(({ data }) => root.render(<Shell waves={data} />));
