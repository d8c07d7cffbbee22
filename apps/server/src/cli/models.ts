import { resolveModelsDir } from '../config.ts';
import { ModelsCommandError, runModelsCommand } from './models/models-command.ts';

/**
 * `npm run models -- list | add <source> | remove <name>`: manages the neural voice models in MODELS_DIR. It only
 * touches that folder, so it is safe while the server runs (the server picks changes up within seconds).
 */
runModelsCommand(process.argv.slice(2), {
  modelsDir: resolveModelsDir(),
  ...(process.env.MODELS_CATALOGUE ? { catalogue: process.env.MODELS_CATALOGUE } : {}),
  write: (text) => process.stdout.write(text),
  progress: { write: (text) => process.stderr.write(text), isTty: process.stderr.isTTY },
}).catch((error: unknown) => {
  process.stderr.write(`${error instanceof ModelsCommandError || error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
