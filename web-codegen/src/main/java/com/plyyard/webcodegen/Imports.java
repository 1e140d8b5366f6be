package com.plyyard.webcodegen;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The imports of one generated file. A name that clashes with a name declared in the file, or with a name already
 * imported from another module, is imported under an alias ("Shared as Shared$1"), so two proto files may declare
 * types of the same name.
 */
final class Imports {

    private final Set<String> localNames;
    private final boolean typeOnly;
    /** module -> (imported name -> local alias), modules in first-use order, names sorted. */
    private final Map<String, Map<String, String>> byModule = new LinkedHashMap<>();
    /** local alias -> "module\0name", to detect clashes between imports. */
    private final Map<String, String> taken = new HashMap<>();

    Imports(Set<String> localNames, boolean typeOnly) {
        this.localNames = localNames;
        this.typeOnly = typeOnly;
    }

    /** Imports {@code name} from {@code module} and answers the name to use for it in this file. */
    String use(String module, String name) {
        Map<String, String> names = byModule.computeIfAbsent(module, m -> new TreeMap<>());
        String alias = names.get(name);
        if (alias != null) {
            return alias;
        }
        String key = module + "\0" + name;
        alias = name;
        for (int n = 1; localNames.contains(alias) || (taken.containsKey(alias) && !taken.get(alias).equals(key)); n++) {
            alias = name + "$" + n;
        }
        taken.put(alias, key);
        names.put(name, alias);
        return alias;
    }

    /** The import statements, one per module, in first-use order. */
    String render() {
        StringBuilder b = new StringBuilder();
        byModule.forEach((module, names) -> {
            b.append(typeOnly ? "import type { " : "import { ");
            boolean first = true;
            for (Map.Entry<String, String> e : names.entrySet()) {
                if (!first) {
                    b.append(", ");
                }
                first = false;
                b.append(e.getKey());
                if (!e.getKey().equals(e.getValue())) {
                    b.append(" as ").append(e.getValue());
                }
            }
            b.append(" } from \"").append(module).append("\";\n");
        });
        return b.toString();
    }
}
