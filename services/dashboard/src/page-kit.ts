/**
 * What every group of dashboard pages uses: the request's context (its services and session), the
 * kit of helpers app.ts builds (render, flash, the signed-in guard, the Customer's own Site), and
 * how form fields and service failures are read. Page groups import this module, never app.ts.
 */
import type { NextFunction, Request, Response } from 'express';
import { DomainError, httpStatusOf, isErrorCode } from '@cfs/common/errors';
import type { PlanEntitlements, QuotaUsage } from '@cfs/common/entitlements';
import type { Plan__Output } from '@cfs/protos/generated/cfs/account/v1/Plan.js';
import type { Site__Output } from '@cfs/protos/generated/cfs/account/v1/Site.js';
import type { DashboardRpc } from './clients.ts';
import type { SessionData } from './sessions.ts';
import type { Node } from './views.ts';

export interface Ctx {
  rpc: DashboardRpc;
  session?: { id: string; data: SessionData };
  /** The request named a session that has ended (expired, or signed out elsewhere). */
  ended?: boolean;
}

type Locals = { ctx: Ctx };
export type Res = Response<unknown, Locals>;

export interface PageKit {
  render(res: Res, status: number, title: string, body: Node): Promise<unknown>;
  flash(res: Res, message: string): Promise<void>;
  signedIn(req: Request, res: Res, next: NextFunction): void;
  csrfOf(res: Res): string;
  customerOf(res: Res): string;
  /** The signed-in Customer's Site with its plan, or NOT_FOUND (another Customer's Site too). */
  ownSite(req: Request, res: Res): Promise<{ site: Site__Output; plan: Plan__Output }>;
  /** Quota usage; absent when the gateway's counters cannot be read from here. */
  entitlements: PlanEntitlements<QuotaUsage> | undefined;
  /** The dashboard's public address of a path (invitation links). */
  publicUrl(req: Request, path: string): string;
}

/** The message to show for a failure: the service's public message, else a generic one. */
export function messageOf(err: unknown): { status: number; message: string } {
  if (err instanceof DomainError && isErrorCode(err.code) && err.code !== 'INTERNAL_ERROR') return { status: httpStatusOf(err.code), message: err.message };
  return { status: 500, message: 'Something went wrong on our side. Nothing was changed; try again.' };
}

/** A form field as text ('' when absent or repeated). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A form field that may repeat (checkboxes) as a list of texts. */
export const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
