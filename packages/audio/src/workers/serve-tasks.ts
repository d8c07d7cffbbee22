import { parentPort } from 'node:worker_threads';
import type { TaskMap, TaskName, TaskReplyMessage, TaskRequestMessage } from './protocol.ts';

/** A task's result and the buffers to move (not copy) back to the caller. */
export interface HandledTask {
  result: unknown;
  transfer?: ArrayBuffer[];
}

export type TaskHandler<Tasks extends TaskMap<Tasks>, Progress> = (
  message: TaskRequestMessage<TaskName<Tasks>>,
  progress: (value: Progress) => void,
) => Promise<HandledTask>;

/**
 * The thread side of WorkerPool: answers each job the pool posts with `handle`'s result, or its error's message.
 * Call it once at the top of a worker module.
 */
export function serveTasks<Tasks extends TaskMap<Tasks>, Progress = never>(handle: TaskHandler<Tasks, Progress>): void {
  const port = parentPort;
  if (!port) throw new Error('A pool worker must run in a worker thread');
  const send = (reply: TaskReplyMessage<Progress>, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);
  port.on('message', (message: TaskRequestMessage<TaskName<Tasks>>) => {
    const progress = (value: Progress): void => send({ id: message.id, type: 'progress', progress: value });
    void answer(handle, message, progress).then(
      ({ result, transfer }) => send({ id: message.id, type: 'done', result }, transfer),
      (error: unknown) => send({ id: message.id, type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** A task name the handler does not know (a thread built from other sources than its pool) fails its job cleanly. */
async function answer<Tasks extends TaskMap<Tasks>, Progress>(
  handle: TaskHandler<Tasks, Progress>,
  message: TaskRequestMessage<TaskName<Tasks>>,
  progress: (value: Progress) => void,
): Promise<HandledTask> {
  const handled: HandledTask | undefined = await handle(message, progress);
  if (!handled) throw new Error(`Unknown task "${message.task}"`);
  return handled;
}
