import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UsersRequest } from '../../src/pages/admin/api/adminApi.ts';
import { exportFileName } from '../../src/pages/admin/users/exportName.ts';
import { searchParamsOf, usersRequestOf } from '../../src/pages/admin/users/usersRequest.ts';

const requestOf = (search: string) => usersRequestOf(new URLSearchParams(search));
const defaults: UsersRequest = { search: '', sort: null, order: 'asc', page: 1, pageSize: 20 };

describe('the users table in the address', () => {
  it('reads search, sort, order, page and page size, and writes back only what is not the default', () => {
    const request: UsersRequest = { search: 'ada', sort: 'amount', order: 'desc', page: 3, pageSize: 50 };
    const search = searchParamsOf(request).toString();
    assert.equal(search, 'search=ada&sort=amount&order=desc&page=3&pageSize=50');
    assert.deepEqual(requestOf(search), request);
    assert.equal(searchParamsOf(defaults).toString(), '');
    assert.deepEqual(requestOf(''), defaults);
  });

  it('takes only the row fields as sorts, and pages and sizes in bounds', () => {
    assert.deepEqual(requestOf('sort=password&order=sideways&page=0&pageSize=7'), defaults);
    assert.deepEqual(requestOf('page=1.5&pageSize=1000'), defaults);
    assert.equal(requestOf('sort=razorpay_status').sort, 'razorpay_status');
    assert.equal(requestOf('search=%20Lovelace%20').search, 'Lovelace');
  });
});

describe('the CSV export file name', () => {
  const today = '2026-11-24';

  it('is the one the server names', () => {
    assert.equal(exportFileName('attachment; filename="users-subscriptions-2026-11-23.csv"', today), 'users-subscriptions-2026-11-23.csv');
    assert.equal(exportFileName('attachment; filename=users-subscriptions-2026-11-23.csv', today), 'users-subscriptions-2026-11-23.csv');
    assert.equal(exportFileName('attachment; filename*=UTF-8\'\'users%20subscriptions.csv; filename="fallback.csv"', today), 'users subscriptions.csv');
  });

  it('is users-subscriptions-{today}.csv when the server names none, and never a path', () => {
    assert.equal(exportFileName(null, today), 'users-subscriptions-2026-11-24.csv');
    assert.equal(exportFileName('attachment', today), 'users-subscriptions-2026-11-24.csv');
    assert.equal(exportFileName('attachment; filename="../../etc/passwd"', today), '....etcpasswd');
  });
});
