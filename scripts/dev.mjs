// `npm run dev`: the client with hot reload (Vite, :5173) and the API server restarting on
// change (:8081), in one command. Vite proxies /api and /media to the server.
import concurrently from 'concurrently';

const apiPort = process.env.API_PORT ?? '8081';
const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false server/main.ts',
      env: { PORT: apiPort },
    },
    { name: 'web', command: 'vite', env: { API_PORT: apiPort } },
  ],
  { prefix: 'name', killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
