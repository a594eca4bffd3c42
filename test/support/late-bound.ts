/**
 * An object that stands for one a hook has not made yet: the `use…()` helpers register the hooks
 * at collection time and hand back this stand-in, which reads and writes the real object once the
 * hook has run (methods are bound to it). Read it only inside tests and hooks.
 */
export function lateBound<T extends object>(name: string, current: () => T | undefined): T {
  const started = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${name} is not started: use it inside a test or a hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const target = started();
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_target, key, value) {
      return Reflect.set(started(), key, value);
    },
  });
}
