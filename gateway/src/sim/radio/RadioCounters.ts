/** Per-robot radio counters (index = robot), for the metrics and the --json result. */
export class RadioCounters {
  /** Messages accepted by send (transmitted or queued for transmission). */
  readonly messagesSent: Float64Array;
  readonly bytesSent: Float64Array;
  readonly messagesReceived: Float64Array;
  readonly bytesReceived: Float64Array;
  /** Sends refused because the sender's transmit backlog exceeded maxBacklogS. */
  readonly messagesDropped: Float64Array;
  /** Messages this robot was in range of but lost to the loss probability. */
  readonly messagesLost: Float64Array;

  constructor(robotCount: number) {
    this.messagesSent = new Float64Array(robotCount);
    this.bytesSent = new Float64Array(robotCount);
    this.messagesReceived = new Float64Array(robotCount);
    this.bytesReceived = new Float64Array(robotCount);
    this.messagesDropped = new Float64Array(robotCount);
    this.messagesLost = new Float64Array(robotCount);
  }
}

/** Sum of one counter over all robots. */
export function total(counter: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < counter.length; i++) sum += counter[i];
  return sum;
}
