/** The part of s3rver's API the tests use (the package ships no types). */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    /** Koa's request handler, for an HTTP server of our own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
