import { describe, expect, it } from 'vitest';
import { describeError } from '@/app/errors/describe-error';

describe('describeError (error screen)', () => {
  it('reads a PocketBase ClientResponseError', () => {
    const error = Object.assign(new Error("The requested resource wasn't found."), {
      status: 404,
      url: '/api/collections/photoCards/records/x',
      response: { message: "The requested resource wasn't found." },
      isAbort: false,
    });
    expect(describeError(error)).toEqual({
      status: '404',
      statusText: 'Not Found',
      message: "The requested resource wasn't found.",
    });
  });

  it('reads a fetch Response', () => {
    const response = new Response(null, { status: 503, statusText: 'Service Unavailable' });
    expect(describeError(response)).toMatchObject({
      status: '503',
      statusText: 'Service Unavailable',
    });
  });

  it('falls back to the backend default message', () => {
    expect(describeError({ status: 500, message: '' })).toEqual({
      status: '500',
      statusText: 'Internal Server Error',
      message: 'Something went wrong while processing your request.',
    });
  });

  it('treats status 0 (network failure or abort) as a network error', () => {
    expect(describeError({ status: 0, message: 'Failed to fetch' })).toMatchObject({
      statusText: 'Network Error',
      message: 'Failed to fetch',
    });
  });

  it('reads a plain Error and odd throwables without crashing', () => {
    expect(describeError(new TypeError('x is undefined'))).toEqual({
      status: '오류',
      statusText: 'Unexpected Application Error',
      message: 'x is undefined',
    });
    expect(describeError(undefined).message).toBe(
      'Something went wrong while processing your request.',
    );
    expect(describeError('boom').message).toBe('boom');
  });
});
