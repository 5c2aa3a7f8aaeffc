import type { Type } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.decorator';
import type { DraftKind, Snapshot } from '../content/content-kinds';

/** An item as its reads answer it: with its version (the ETag) and whether it has a working copy. */
export interface VersionedItem {
  id: string;
  version: number;
  hasDraft: boolean;
}

export interface ApplyOptions {
  /** The live version the client read (If-Match); stale: the 409. */
  ifMatch?: number;
  reason: 'published' | 'restored';
  restoredFrom?: number;
  /** Run in the same transaction, after the item changed (a published working copy is removed there). */
  within?: (manager: EntityManager) => Promise<void>;
}

/**
 * What the history routes (history.controller.ts) need from a kind's service: its own save path,
 * so a restore or a published working copy goes through the same checks, addresses, photos,
 * activity entry and content event as a PATCH. A new kind implements it and gets the routes.
 */
export interface ItemEditor {
  readonly kind: DraftKind;
  /** The body a create takes: a working copy is checked against it in full before it goes live. */
  readonly createDto: Type<object>;
  findOne(id: string): Promise<VersionedItem>;
  /** Makes `snapshot` (checked against createDto) the live item, in one transaction, writing a revision. */
  applySnapshot(id: string, snapshot: Snapshot, by: Actor, options: ApplyOptions): Promise<VersionedItem>;
  /** Checks a working copy's fields before it is written (an article's photo must be one it may name). */
  /** Removes stored photos a working copy or pruned revisions named, once nothing names them (after the commit). */
  removeFiles?(paths: readonly string[]): Promise<void>;
  checkDraft?(manager: EntityManager, id: string, snapshot: Snapshot, before: Snapshot | null): Promise<void>;
}
