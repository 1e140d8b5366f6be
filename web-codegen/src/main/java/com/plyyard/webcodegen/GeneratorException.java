package com.plyyard.webcodegen;

/** A proto the generator cannot turn into code; reported to protoc as the response's error. */
final class GeneratorException extends RuntimeException {
    GeneratorException(String message) {
        super(message);
    }
}
