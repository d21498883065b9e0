// The browser entry bundled by src/bundle: starts the app (src/client/start.tsx).
import { startClient } from './start.tsx';

void startClient();
