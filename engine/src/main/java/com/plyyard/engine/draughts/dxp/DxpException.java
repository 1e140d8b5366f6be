package com.plyyard.engine.draughts.dxp;

import com.plyyard.engine.InvalidInputException;

/** A DXP message that is not what the protocol allows: the message says what is wrong, in a sentence. */
public class DxpException extends InvalidInputException {
    public DxpException(String message) {
        super(message);
    }
}
