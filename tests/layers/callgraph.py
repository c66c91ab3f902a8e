#!/usr/bin/env python3
"""tests/layers/callgraph.py BUILD_DIR — no two files call each other.
   tests/layers/callgraph.py --self-test CC — the check finds a planted cycle.

For every program and plug-in the build links (each CMake link.txt of an
executable, a shared library or a module under BUILD_DIR), the object files
it is made of (its .o files and the members of the static libraries it
names) become the nodes of a graph: an edge A -> B when A references a
symbol (`nm`: undefined in A) that B defines. A cycle in that graph is two
files that call each other, directly or through others. Prints every
cycle (as its strongly connected component, with a symbol for each edge)
and exits 1 when there is one; 0 otherwise.
"""
import os
import shlex
import subprocess
import sys


def nm_members(paths, cache):
    """Fills cache[path] = {member: (defined, undefined)} for each object
    file or archive of paths, with one nm run per hundred files."""
    todo = sorted(set(p for p in paths if p not in cache))
    for i in range(0, len(todo), 100):
        chunk = todo[i:i + 100]
        for p in chunk:
            cache[p] = {}
        out = subprocess.run(["nm", "-A", "-P"] + chunk, capture_output=True, text=True).stdout
        for line in out.splitlines():
            # "lib.a[member.o]: sym T 0 0" (GNU nm -P -A) or "file.o: sym T ..."
            head, _, rest = line.partition(": ")
            fields = rest.split()
            if len(fields) < 2:
                continue
            path = head if head in cache else head[:head.rfind("[")]
            if path not in cache:
                continue
            sym, kind = fields[0], fields[1]
            d, u = cache[path].setdefault(head, (set(), set()))
            if kind == "U":
                u.add(sym)
            elif kind in "TDBRVWGSC" or kind in "iu":
                d.add(sym)


def link_command(link_txt):
    """(output, inputs) of one link.txt: the file it makes and the .o and
    .a files it reads, as absolute paths (the link runs in the directory
    above CMakeFiles/)."""
    cwd = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(link_txt))))
    with open(link_txt) as f:
        words = shlex.split(f.read().split("\n")[0])
    if "-o" in words:
        out = words[words.index("-o") + 1]
    elif len(words) > 2 and words[0].endswith("ar"):
        out = words[2]    # "ar qc libx.a objects..."
    else:
        return None, []
    inputs = []
    for w in words:
        if (w.endswith(".o") or w.endswith(".a")) and w != out:
            p = os.path.normpath(os.path.join(cwd, w))
            if os.path.exists(p):
                inputs.append(p)
    return os.path.normpath(os.path.join(cwd, out)), inputs


def objects_of(inputs, archives, seen=None):
    """The object files of a link: a static library this build made is
    replaced by its own objects (each named by its path, so two members
    of the same name stay apart); another archive stays whole."""
    seen = set() if seen is None else seen
    objs = []
    for p in inputs:
        if p in seen:
            continue
        seen.add(p)
        if p.endswith(".a") and p in archives:
            objs += objects_of(archives[p], archives, seen)
        else:
            objs.append(p)
    return objs


def short(name, build):
    """The source file an object was compiled from ("src/io/reader.c"), as
    far as its path says: the same file compiled for several targets is
    one name, so a cycle is reported once."""
    name = name.replace(build + "/", "")
    if "[" in name:   # lib.a[member.o] of an archive this build did not make
        lib, member = name[:-1].split("[", 1)
        return "%s(%s)" % (os.path.basename(lib), member)
    if ".dir/" in name:
        name = name.split(".dir/", 1)[1]
    while name.startswith("__/"):
        name = name[3:]
    return name[:-2] if name.endswith(".o") else name


def cycles(nodes):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
    graph = {n: sorted(e) for n, e in nodes.items()}

    def visit(v):
        work = [(v, iter(graph[v]))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(graph[w])))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    sccs.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sccs


def self_test(cc):
    """The check itself: a made-up build whose program has a.c and b.c
    calling each other (and c.c calling a.c, which is no cycle) must give
    exactly that one cycle. @return 0 when it does."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        objdir = os.path.join(tmp, "CMakeFiles", "t.dir")
        os.makedirs(objdir)
        sources = {"a": "int b(int); int a(int x) { return x ? b(x - 1) : 0; }",
                   "b": "int a(int); int b(int x) { return a(x); }",
                   "c": "int a(int); int main(void) { return a(3); }"}
        for name, text in sources.items():
            src = os.path.join(tmp, name + ".c")
            with open(src, "w") as f:
                f.write(text + "\n")
            subprocess.run([cc, "-c", src, "-o", os.path.join(objdir, name + ".c.o")], check=True)
        with open(os.path.join(objdir, "link.txt"), "w") as f:
            f.write("cc CMakeFiles/t.dir/a.c.o CMakeFiles/t.dir/b.c.o CMakeFiles/t.dir/c.c.o -o t\n")
        out = subprocess.run([sys.executable, __file__, tmp], capture_output=True, text=True)
        ok = out.returncode == 1 and "a.c -> b.c" in out.stdout and "b.c -> a.c" in out.stdout \
            and "c.c ->" not in out.stdout and "1 cycles" in out.stdout
        print("self-test: %s" % ("found the planted cycle" if ok else "FAILED:\n" + out.stdout))
        return 0 if ok else 1


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        return self_test(sys.argv[2])
    build = os.path.abspath(sys.argv[1])
    # the targets of the build as configured now (a target dropped from
    # the CMakeLists leaves its old link.txt and objects behind)
    current = None
    listing = os.path.join(build, "CMakeFiles", "TargetDirectories.txt")
    if os.path.exists(listing):
        with open(listing) as f:
            current = set(os.path.normpath(line.strip()) for line in f if line.strip())
    links = []
    for root, dirs, files in os.walk(build):
        if "link.txt" in files and root.endswith(".dir") and \
                (current is None or os.path.normpath(root) in current):
            links.append(os.path.join(root, "link.txt"))
    commands = [link_command(link) for link in sorted(links)]
    archives = {out: inputs for out, inputs in commands if out and out.endswith(".a")}
    cache, bad, checked = {}, 0, 0
    seen_cycles = set()
    for out, inputs in commands:
        if not out or out.endswith(".a") or not inputs:
            continue   # static libraries are checked inside what links them
        checked += 1
        defs, refs = {}, {}
        objs = objects_of(inputs, archives)
        nm_members(objs, cache)
        for p in objs:
            for member, (d, u) in cache[p].items():
                refs[member] = u
                for s in d:
                    defs.setdefault(s, member)   # the first definition wins, as in a link
        edges, why = {m: set() for m in refs}, {}
        for m, u in refs.items():
            for s in u:
                t = defs.get(s)
                if t and t != m:
                    edges[m].add(t)
                    why.setdefault((m, t), s)
        for comp in cycles(edges):
            key = tuple(sorted(short(c, build) for c in comp))
            if key in seen_cycles:
                continue
            seen_cycles.add(key)
            bad += 1
            print("cycle (first seen in %s):" % os.path.basename(out))
            members = set(comp)
            for a in comp:
                for b in sorted(edges[a] & members):
                    print("    %s -> %s (%s)" % (short(a, build), short(b, build), why[(a, b)]))
    print("callgraph: %d links checked, %d cycles" % (checked, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
