/** Each task name maps to its request and result types. */
export type TaskMap<Tasks> = { [Name in keyof Tasks]: { request: unknown; result: unknown } };

export type TaskName<Tasks> = keyof Tasks & string;

/** One job for a pool thread. */
export interface TaskRequestMessage<Name extends string = string> {
  id: number;
  task: Name;
  request: unknown;
}

/** What a pool thread sends back for a job: any number of progress messages, then exactly one done or error. */
export type TaskReplyMessage<Progress = never> =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'done'; result: unknown }
  | { id: number; type: 'error'; message: string };
