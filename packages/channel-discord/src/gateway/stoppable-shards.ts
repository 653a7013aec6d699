/**
 * discord.js's sharding strategy with a stop that holds. With the gateway unreachable a shard
 * loops "closed → wait 500 ms → connect" on its own; `client.destroy()` arriving while the shard
 * waits finds it idle, returns, and the loop goes on, keeping the process alive after a graceful
 * stop (issue #42). Here every shard asks its context for the session before each connect, and
 * once the strategy is destroyed that question never answers: a looping shard parks, holding no
 * timer or socket, and Node can exit.
 */
import { Collection } from "@discordjs/collection";
import {
  type IContextFetchingStrategy,
  type IShardingStrategy,
  managerToFetchingStrategyOptions,
  SimpleContextFetchingStrategy,
  type WebSocketManager,
  WebSocketShard,
  WebSocketShardEvents,
  type WebSocketShardStatus,
} from "@discordjs/ws";

type GatewaySendPayload = Parameters<WebSocketShard["send"]>[0];
type DestroyOptions = Parameters<IShardingStrategy["destroy"]>[0];

/** Never settles: what a shard that tries to reconnect after the stop waits on. */
const parked = <T>() => new Promise<T>(() => {});

/**
 * @example
 * new Client({ intents, ws: { buildStrategy: (manager) => new StoppableShardingStrategy(manager) } });
 */
export class StoppableShardingStrategy implements IShardingStrategy {
  readonly #manager: WebSocketManager;
  readonly #shards = new Collection<number, WebSocketShard>();
  #stopped = false;

  constructor(manager: WebSocketManager) {
    this.#manager = manager;
  }

  async spawn(shardIds: number[]): Promise<void> {
    const options = await managerToFetchingStrategyOptions(this.#manager);
    for (const shardId of shardIds) {
      const shard = new WebSocketShard(
        this.#context(new SimpleContextFetchingStrategy(this.#manager, options)),
        shardId,
      );
      for (const event of Object.values(WebSocketShardEvents)) {
        shard.on(event, (payload: unknown) =>
          (this.#manager.emit as (name: string, data: unknown) => boolean)(event, {
            ...(typeof payload === "object" && payload ? payload : {}),
            shardId,
          }),
        );
      }
      this.#shards.set(shardId, shard);
    }
  }

  async connect(): Promise<void> {
    this.#stopped = false;
    await Promise.all(this.#shards.map((shard) => shard.connect()));
  }

  async destroy(options?: DestroyOptions): Promise<void> {
    this.#stopped = true;
    await Promise.all(this.#shards.map((shard) => shard.destroy(options)));
    this.#shards.clear();
  }

  async send(shardId: number, payload: GatewaySendPayload): Promise<void> {
    const shard = this.#shards.get(shardId);
    if (!shard) throw new RangeError(`discord: no gateway shard ${shardId} (the channel is stopped)`);
    await shard.send(payload);
  }

  fetchStatus(): Collection<number, WebSocketShardStatus> {
    return this.#shards.mapValues((shard) => shard.status);
  }

  /** The shard's context, answering nothing once the strategy is destroyed. */
  #context(inner: IContextFetchingStrategy): IContextFetchingStrategy {
    return {
      options: inner.options,
      retrieveSessionInfo: (shardId) => (this.#stopped ? parked() : inner.retrieveSessionInfo(shardId)),
      updateSessionInfo: (shardId, info) => inner.updateSessionInfo(shardId, info),
      waitForIdentify: (shardId, signal) =>
        this.#stopped ? parked() : inner.waitForIdentify(shardId, signal),
    };
  }
}
